import SellIcon from '@mui/icons-material/Sell';
import { DiscountCodeCreate, DiscountCodeEdit } from './DiscountCodePages.tsx';
import { DiscountCodeList } from './DiscountCodeList.tsx';

export default {
  name: 'discount_codes',
  list: DiscountCodeList,
  create: DiscountCodeCreate,
  edit: DiscountCodeEdit,
  icon: SellIcon,
  recordRepresentation: 'codigo',
};
