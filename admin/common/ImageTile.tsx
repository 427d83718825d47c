/** An image card: picture (or a placeholder when missing or broken), title, badges and actions. */
import BrokenImageIcon from '@mui/icons-material/BrokenImage';
import { Box, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';

export function ImageTile({
  src,
  alt,
  title,
  badges,
  actions,
  aspect = '16 / 9',
  testId,
}: {
  src: string | null;
  alt: string;
  title: ReactNode;
  badges?: ReactNode;
  actions?: ReactNode;
  aspect?: string;
  testId?: string;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid={testId}>
      {src && !broken ? (
        <Box
          component="img"
          src={src}
          alt={alt}
          onError={() => setBroken(true)}
          sx={{ width: '100%', aspectRatio: aspect, objectFit: 'cover', bgcolor: 'grey.100' }}
        />
      ) : (
        <Box
          sx={{ width: '100%', aspectRatio: aspect, bgcolor: 'grey.200', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <BrokenImageIcon color="disabled" />
        </Box>
      )}
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Typography fontWeight={600}>{title}</Typography>
        {badges && <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>{badges}</Box>}
      </CardContent>
      {actions && <CardActions sx={{ justifyContent: 'flex-end' }}>{actions}</CardActions>}
    </Card>
  );
}
