/**
 * Admin controls on a catalogue card (spec/1 §6): edit, delete, move up and move down. Moving is
 * disabled at the ends of the list; every icon button is named for screen readers.
 */
import { Link as RouterLink } from 'react-router';
import { Box, IconButton } from '@mui/material';
import { DeferredTooltip } from '@/components/deferred-tooltip';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { canMoveDown, canMoveUp } from './reorder';

interface AdminCardActionsProps {
  name: string;
  editTo: string;
  index: number;
  count: number;
  busy?: boolean;
  onDelete: () => void;
  onMove: (direction: 'up' | 'down') => void;
}

export function AdminCardActions({ name, editTo, index, count, busy, onDelete, onMove }: AdminCardActionsProps) {
  const { t } = useTranslation();
  const up = canMoveUp(index);
  const down = canMoveDown(index, count);
  const label = (key: 'edit' | 'delete' | 'moveUp' | 'moveDown') => t(`catalogue.admin.${key}`, { name });
  return (
    <Box sx={{ display: 'flex', width: '100%', justifyContent: 'space-between' }} data-testid="admin-card-actions">
      <Box>
        <DeferredTooltip title={label('edit')}>
          <IconButton component={RouterLink} to={editTo} aria-label={label('edit')} data-testid="admin-edit" size="small">
            <EditOutlined fontSize="small" />
          </IconButton>
        </DeferredTooltip>
        <DeferredTooltip title={label('delete')}>
          <span>
            <IconButton aria-label={label('delete')} onClick={onDelete} disabled={busy} data-testid="admin-delete" size="small">
              <DeleteOutline fontSize="small" />
            </IconButton>
          </span>
        </DeferredTooltip>
      </Box>
      <Box>
        <DeferredTooltip title={label('moveUp')}>
          <span>
            <IconButton
              aria-label={label('moveUp')}
              onClick={() => onMove('up')}
              disabled={busy || !up}
              data-testid="admin-move-up"
              size="small"
            >
              <ArrowUpward fontSize="small" />
            </IconButton>
          </span>
        </DeferredTooltip>
        <DeferredTooltip title={label('moveDown')}>
          <span>
            <IconButton
              aria-label={label('moveDown')}
              onClick={() => onMove('down')}
              disabled={busy || !down}
              data-testid="admin-move-down"
              size="small"
            >
              <ArrowDownward fontSize="small" />
            </IconButton>
          </span>
        </DeferredTooltip>
      </Box>
    </Box>
  );
}
