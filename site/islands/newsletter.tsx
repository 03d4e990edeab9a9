import { NewsletterForm } from '../components/newsletter-form';
import { island } from './hydrate';

export default island(NewsletterForm);
