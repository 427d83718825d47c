/** The card every signed-out page shows (sign in, choose a password, ask for a reset link): a lock and a title. */
import LockIcon from '@mui/icons-material/Lock';
import { Avatar, Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode, SubmitEventHandler } from 'react';

const CONTENT = { display: 'flex', flexDirection: 'column', gap: 2, p: 4 } as const;

/** A form when onSubmit is given; without it a plain card, so a form inside (TwoFactorEnrol's) is not nested in another. */
export function AuthCard({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit?: SubmitEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const body = (
    <>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
        <Avatar sx={{ bgcolor: 'primary.main' }}>
          <LockIcon />
        </Avatar>
        <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
          {title}
        </Typography>
      </Box>
      {children}
    </>
  );
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        {onSubmit ? (
          <CardContent component="form" onSubmit={onSubmit} sx={CONTENT}>
            {body}
          </CardContent>
        ) : (
          <CardContent sx={CONTENT}>{body}</CardContent>
        )}
      </Card>
    </Box>
  );
}
