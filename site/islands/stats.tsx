import { StatsDashboard } from '../components/stats-dashboard';
import { island } from './hydrate';

export default island(StatsDashboard);
