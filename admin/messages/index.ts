import MailIcon from '@mui/icons-material/Mail';
import { MessageList } from './MessageList.tsx';

export default {
  name: 'contact_messages',
  list: MessageList,
  icon: MailIcon,
  recordRepresentation: 'name',
};
