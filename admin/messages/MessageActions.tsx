/** A message's row menu: mark read or unread, archive or move back, answer by email or WhatsApp. */
import ArchiveIcon from '@mui/icons-material/Archive';
import DraftsIcon from '@mui/icons-material/Drafts';
import EmailIcon from '@mui/icons-material/Email';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { SHOP } from '@/config/shop.ts';
import { type ContactMessage, replyMailto, replyWhatsApp } from './rules.ts';
import { type MessageMark, useMessageMarks } from './useMessageMarks.ts';

export function MessageActions({ message }: { message: ContactMessage }) {
  const translate = useTranslate();
  const { markOne } = useMessageMarks();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mailto = replyMailto(message, SHOP.name);
  const whatsapp = replyWhatsApp(message, SHOP.chatHost, SHOP.name);

  const mark = (kind: MessageMark, icon: ReactNode, label: string) => (
    <MenuItem
      onClick={() => {
        setAnchor(null);
        markOne(message, kind);
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );

  return (
    <>
      <IconButton
        aria-label={translate('app.messages.actions_of', { name: message.name })}
        size="small"
        onClick={(e) => {
          e.stopPropagation(); // the row's click opens the message
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} onClick={(e) => e.stopPropagation()}>
        {message.read_at
          ? mark('unread', <MarkEmailUnreadIcon fontSize="small" />, 'app.messages.mark_unread')
          : mark('read', <DraftsIcon fontSize="small" />, 'app.messages.mark_read')}
        {message.archived_at
          ? mark('unarchive', <UnarchiveIcon fontSize="small" />, 'app.messages.unarchive')
          : mark('archive', <ArchiveIcon fontSize="small" />, 'app.messages.archive')}
        {mailto && (
          <MenuItem component="a" href={mailto} onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <EmailIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('app.messages.reply_email')}</ListItemText>
          </MenuItem>
        )}
        {whatsapp && (
          <MenuItem component="a" href={whatsapp} target="_blank" rel="noopener" onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <WhatsAppIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('app.messages.reply_whatsapp')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
