import CategoryIcon from '@mui/icons-material/Category';
import { CategoriesPage } from './CategoriesPage.tsx';

export default {
  name: 'categories',
  list: CategoriesPage,
  icon: CategoryIcon,
  recordRepresentation: 'nombre',
};
