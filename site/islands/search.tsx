import { SiteSearch } from '../components/site-search';
import { island } from './hydrate';

export default island(SiteSearch);
