import CampaignIcon from '@mui/icons-material/Campaign';
import { CampaignList } from './CampaignList.tsx';

export default {
  name: 'campaigns',
  list: CampaignList,
  icon: CampaignIcon,
  recordRepresentation: 'nombre',
};
