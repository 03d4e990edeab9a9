import { useSite } from '../root';
import { Disclosure } from './disclosure';

/**
 * The affiliate disclosure, placed beside each group of buttons that lead to /go/ rather than only in the footer:
 * a reader should meet it where the paid link is, before following it. Given the group's providers (and the named
 * link each button uses), it also says so when every one of them pays a commission.
 */
export function AffiliateDisclosure(props: { className?: string; providers?: readonly { provider: string; link?: string }[] }) {
  const disclosure = useSite()?.disclosure;
  return disclosure ? <Disclosure disclosure={disclosure} {...props} /> : null;
}
