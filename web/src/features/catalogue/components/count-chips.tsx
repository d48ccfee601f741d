/** Small labelled counts on a card ("2 areas", "11 lessons"). */
import { Box, Chip } from '@mui/material';

export function CountChips({ items }: { items: Array<{ key: string; label: string }> }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {items.map((item) => (
        <Chip key={item.key} size="small" variant="outlined" label={item.label} data-testid={`count-${item.key}`} />
      ))}
    </Box>
  );
}
