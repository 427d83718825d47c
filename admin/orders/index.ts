import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { OrderList } from './OrderList.tsx';

export default {
  name: 'orders',
  list: OrderList,
  icon: ReceiptLongIcon,
  recordRepresentation: 'reference',
};
