import DiscountIcon from '@mui/icons-material/Discount';
import { DiscountCodeCreate, DiscountCodeEdit } from './DiscountCodePages.tsx';
import { DiscountCodeList } from './DiscountCodeList.tsx';

export default {
  name: 'discount_codes',
  list: DiscountCodeList,
  create: DiscountCodeCreate,
  edit: DiscountCodeEdit,
  icon: DiscountIcon,
  recordRepresentation: 'codigo',
};
