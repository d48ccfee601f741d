/**
 * A catalogue card: a band in the item's colour, an optional icon, the title as the card's link (or
 * a plain block when the card cannot be opened), a body and optional actions outside the link so
 * buttons are never nested in a link.
 */
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Card, CardActionArea, CardActions, CardContent, Typography } from '@mui/material';
import { firstGrapheme } from '@lectio/shared';

/** spec/2 §9: a missing colour shows grey. */
export const MISSING_COLOUR = '#AAAAAA';

const safeColour = (colour: string | null | undefined) =>
  colour && /^#[0-9a-fA-F]{3,8}$/.test(colour) ? colour : MISSING_COLOUR;

interface ColourCardProps {
  colour?: string | null;
  title: string;
  /** Where the card leads; without it the card is not clickable. */
  to?: string;
  /** Accessible name of the link when the title alone is not enough. */
  linkLabel?: string;
  icon?: ReactNode;
  /** Shown top right of the title row (status, lock). */
  badge?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  disabled?: boolean;
}

export function ColourCard({ colour, title, to, linkLabel, icon, badge, children, actions, testId, disabled }: ColourCardProps) {
  const body = (
    <CardContent sx={{ flexGrow: 1, width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, mb: children ? 1.5 : 0 }}>
        {icon}
        <Typography
          variant="h6"
          component="h3"
          sx={{ flexGrow: 1, fontSize: '1.05rem', lineHeight: 1.3, wordBreak: 'break-word' }}
        >
          {title}
        </Typography>
        {badge}
      </Box>
      {children}
    </CardContent>
  );
  return (
    <Card
      variant="outlined"
      data-testid={testId}
      aria-disabled={disabled || undefined}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        width: '100%',
        borderTop: 6,
        borderTopColor: safeColour(colour),
        opacity: disabled ? 0.75 : 1,
      }}
    >
      {to && !disabled ? (
        <CardActionArea
          component={RouterLink}
          to={to}
          aria-label={linkLabel}
          sx={{ flexGrow: 1, display: 'flex', alignItems: 'stretch' }}
        >
          {body}
        </CardActionArea>
      ) : (
        <Box sx={{ flexGrow: 1, display: 'flex' }}>{body}</Box>
      )}
      {actions && <CardActions sx={{ flexWrap: 'wrap', borderTop: 1, borderColor: 'divider' }}>{actions}</CardActions>}
    </Card>
  );
}

/** A square in the item's colour with its icon, or its initial when it has none. */
export function ColourIcon({
  colour,
  src,
  name,
  size = 40,
}: {
  colour?: string | null;
  src?: string;
  name: string;
  size?: number;
}) {
  // A broken image (invalid SVG) falls back to the initial.
  const [broken, setBroken] = useState<string | null>(null);
  if (src && broken !== src) {
    return (
      <Box
        component="img"
        src={src}
        alt=""
        onError={() => setBroken(src)}
        width={size}
        height={size}
        sx={{ width: size, height: size, flexShrink: 0, borderRadius: 1 }}
      />
    );
  }
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 1,
        bgcolor: safeColour(colour),
        color: '#fff',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 700,
        fontSize: size * 0.45,
      }}
    >
      {firstGrapheme(name).toUpperCase() || '?'}
    </Box>
  );
}
