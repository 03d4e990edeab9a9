import { SearchPage } from '../components/search-page';
import { island } from './hydrate';

export default island(SearchPage);
