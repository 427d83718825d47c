/**
 * The sidebar: Actividad, the resources and pages in the spec's order, 'Mensajes' with its unread
 * count, then 'Cerrar Sesión'.
 */
import AnalyticsIcon from '@mui/icons-material/Analytics';
import AssessmentIcon from '@mui/icons-material/Assessment';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import MailIcon from '@mui/icons-material/Mail';
import SettingsIcon from '@mui/icons-material/Settings';
import StarIcon from '@mui/icons-material/Star';
import TimelineIcon from '@mui/icons-material/Timeline';
import { Box, Divider } from '@mui/material';
import { Logout, Menu, useTranslate } from 'react-admin';
import { MessagesMenuText } from '../messages/MessagesMenuText.tsx';

const ITEMS = [
  { to: '/', key: 'app.menu.activity', icon: <TimelineIcon />, exact: true },
  { to: '/campaigns', key: 'app.menu.campaigns', icon: <CampaignIcon /> },
  { to: '/products', key: 'app.menu.products', icon: <Inventory2Icon /> },
  { to: '/featured-products', key: 'app.menu.featured', icon: <StarIcon /> },
  { to: '/categories', key: 'app.menu.categories', icon: <CategoryIcon /> },
  { to: '/brands', key: 'app.menu.brands', icon: <LocalOfferIcon /> },
  { to: '/analytics', key: 'app.menu.analytics', icon: <AnalyticsIcon /> },
  { to: '/reports', key: 'app.menu.reports', icon: <AssessmentIcon /> },
  { to: '/settings', key: 'app.menu.settings', icon: <SettingsIcon /> },
] as const;

export function AdminMenu() {
  const translate = useTranslate();
  return (
    <Menu>
      {ITEMS.map((item) => (
        <Menu.Item
          key={item.to}
          to={item.to}
          primaryText={translate(item.key)}
          leftIcon={item.icon}
          {...('exact' in item ? { end: true } : {})}
        />
      ))}
      <Menu.Item to="/contact_messages" primaryText={<MessagesMenuText />} leftIcon={<MailIcon />} />
      <Box sx={{ mt: 1 }}>
        <Divider />
        <Logout />
      </Box>
    </Menu>
  );
}
