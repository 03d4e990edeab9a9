import { ContactFormBlock } from '../components/blocks/contact-form';
import { island } from './hydrate';

export default island(ContactFormBlock);
