/**
 * The sidebar: Actividad, the resources and pages in the spec's order ('Pedidos' after 'Destacados', then 'Códigos' and 'Avisos'), 'Mensajes' with its unread
 * count, 'Equipo', 'Historial', then 'Mi cuenta' and 'Cerrar Sesión'. Each person sees only what their role may
 * use (accessRules.ts): analysts the catalogue, analytics and 'Avisos', owners 'Equipo'.
 */
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AnalyticsIcon from '@mui/icons-material/Analytics';
import AssessmentIcon from '@mui/icons-material/Assessment';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import MailIcon from '@mui/icons-material/Mail';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import DiscountIcon from '@mui/icons-material/Discount';
import SettingsIcon from '@mui/icons-material/Settings';
import StarIcon from '@mui/icons-material/Star';
import StraightenIcon from '@mui/icons-material/Straighten';
import TimelineIcon from '@mui/icons-material/Timeline';
import { Box, Divider } from '@mui/material';
import { Logout, Menu, usePermissions, useTranslate } from 'react-admin';
import type { StaffRole } from '../common/staff-roles.ts';
import { MessagesMenuText } from '../messages/MessagesMenuText.tsx';
import { canRoleAccess } from '../providers/accessRules.ts';

/** Each entry with the resource canAccess is asked about ('activity' and 'account' are everyone's). */
const ITEMS = [
  { to: '/', key: 'app.menu.activity', resource: 'activity', icon: <TimelineIcon />, exact: true },
  { to: '/campaigns', key: 'app.menu.campaigns', resource: 'campaigns', icon: <CampaignIcon /> },
  { to: '/products', key: 'app.menu.products', resource: 'products', icon: <Inventory2Icon /> },
  { to: '/featured-products', key: 'app.menu.featured', resource: 'featured-products', icon: <StarIcon /> },
  { to: '/orders', key: 'app.menu.orders', resource: 'orders', icon: <ReceiptLongIcon /> },
  { to: '/discount_codes', key: 'app.menu.discount_codes', resource: 'discount_codes', icon: <DiscountIcon /> },
  { to: '/alerts', key: 'app.menu.alerts', resource: 'alerts', icon: <NotificationsActiveIcon /> },
  { to: '/categories', key: 'app.menu.categories', resource: 'categories', icon: <CategoryIcon /> },
  { to: '/size_guides', key: 'app.menu.size_guides', resource: 'size_guides', icon: <StraightenIcon /> },
  { to: '/brands', key: 'app.menu.brands', resource: 'brands', icon: <LocalOfferIcon /> },
  { to: '/analytics', key: 'app.menu.analytics', resource: 'analytics', icon: <AnalyticsIcon /> },
  { to: '/reports', key: 'app.menu.reports', resource: 'reports', icon: <AssessmentIcon /> },
  { to: '/settings', key: 'app.menu.settings', resource: 'settings', icon: <SettingsIcon /> },
] as const;
const EVERYONE = new Set(['activity', 'account']);

export function AdminMenu() {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<StaffRole | null>();
  const may = (resource: string) => EVERYONE.has(resource) || canRoleAccess(role ?? null, resource, 'list');
  return (
    <Menu>
      {ITEMS.filter((item) => may(item.resource)).map((item) => (
        <Menu.Item
          key={item.to}
          to={item.to}
          primaryText={translate(item.key)}
          leftIcon={item.icon}
          {...('exact' in item ? { end: true } : {})}
        />
      ))}
      {may('contact_messages') && <Menu.Item to="/contact_messages" primaryText={<MessagesMenuText />} leftIcon={<MailIcon />} />}
      {may('team') && <Menu.Item to="/team" primaryText={translate('app.menu.team')} leftIcon={<GroupIcon />} />}
      {may('history') && <Menu.Item to="/history" primaryText={translate('app.menu.history')} leftIcon={<HistoryIcon />} />}
      <Box sx={{ mt: 1 }}>
        <Divider />
        <Menu.Item to="/account" primaryText={translate('app.menu.account')} leftIcon={<AccountCircleIcon />} />
        <Logout />
      </Box>
    </Menu>
  );
}
