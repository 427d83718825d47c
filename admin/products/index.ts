import Inventory2Icon from '@mui/icons-material/Inventory2';
import ProductList from './ProductList.tsx';

export { productsMessages } from './i18n.ts';

export default {
  name: 'products',
  list: ProductList,
  icon: Inventory2Icon,
  recordRepresentation: 'nombre',
};
