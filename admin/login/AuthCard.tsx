/** The card every signed-out page shows (sign in, choose a password, ask for a reset link): a lock and a title. */
import LockIcon from '@mui/icons-material/Lock';
import { Avatar, Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode, SubmitEventHandler } from 'react';

export function AuthCard({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit?: SubmitEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent component="form" onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 4 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
            <Avatar sx={{ bgcolor: 'primary.main' }}>
              <LockIcon />
            </Avatar>
            <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
              {title}
            </Typography>
          </Box>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
