import { SortableCompare } from '../components/sortable-compare';
import { island } from './hydrate';

export default island(SortableCompare);
