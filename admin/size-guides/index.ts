import StraightenIcon from '@mui/icons-material/Straighten';
import { SizeGuideCreate, SizeGuideEdit, SizeGuideList } from './SizeGuidePages.tsx';

export default {
  name: 'size_guides',
  list: SizeGuideList,
  create: SizeGuideCreate,
  edit: SizeGuideEdit,
  icon: StraightenIcon,
  recordRepresentation: 'nombre',
};
