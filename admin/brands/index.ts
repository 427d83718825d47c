import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { BrandsPage } from './BrandsPage.tsx';

export default {
  name: 'brands',
  list: BrandsPage,
  icon: LocalOfferIcon,
  recordRepresentation: 'display_name',
};
