import {
  AlertTriangle,
  Award,
  Battery,
  BookOpen,
  Calendar,
  Check,
  CheckCircle,
  Clock,
  Cpu,
  CreditCard,
  DollarSign,
  Download,
  EyeOff,
  FileText,
  Film,
  Gamepad2,
  Gauge,
  Gift,
  Globe,
  Headphones,
  Heart,
  HelpCircle,
  Info,
  Key,
  Laptop,
  Lock,
  Mail,
  MapPin,
  Menu,
  MessageCircle,
  Monitor,
  Network,
  Phone,
  Play,
  RefreshCw,
  Router,
  Search,
  Server,
  Settings,
  Shield,
  ShieldCheck,
  Smartphone,
  Star,
  Tag,
  Target,
  Terminal,
  ThumbsUp,
  TrendingUp,
  Tv,
  User,
  Users,
  Wifi,
  X,
  XCircle,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { ICON_NAMES } from '../../services/content/schemas/common';

export type IconName = (typeof ICON_NAMES)[number];

/** Icons the components draw themselves (ticks, crosses, the menu button), beside the content's. */
export const UI_ICONS = { check: Check, x: X, menu: Menu } satisfies Record<string, LucideIcon>;

export type UiIconName = keyof typeof UI_ICONS;

/** Content icon names (services/content/schemas/common.ts) to lucide-react icons, drawn into the build's SVG sprite (scripts/build/icon-sprite.ts). */
export const ICONS: Record<IconName, LucideIcon> = {
  shield: Shield,
  'shield-check': ShieldCheck,
  lock: Lock,
  globe: Globe,
  'eye-off': EyeOff,
  zap: Zap,
  gauge: Gauge,
  server: Server,
  wifi: Wifi,
  smartphone: Smartphone,
  monitor: Monitor,
  laptop: Laptop,
  router: Router,
  settings: Settings,
  download: Download,
  user: User,
  users: Users,
  'check-circle': CheckCircle,
  'alert-triangle': AlertTriangle,
  'x-circle': XCircle,
  clock: Clock,
  star: Star,
  award: Award,
  heart: Heart,
  target: Target,
  'trending-up': TrendingUp,
  'dollar-sign': DollarSign,
  tag: Tag,
  gift: Gift,
  'credit-card': CreditCard,
  calendar: Calendar,
  headphones: Headphones,
  mail: Mail,
  phone: Phone,
  'map-pin': MapPin,
  'message-circle': MessageCircle,
  play: Play,
  tv: Tv,
  film: Film,
  gamepad: Gamepad2,
  search: Search,
  'book-open': BookOpen,
  'file-text': FileText,
  key: Key,
  terminal: Terminal,
  refresh: RefreshCw,
  battery: Battery,
  info: Info,
  'help-circle': HelpCircle,
  'thumbs-up': ThumbsUp,
  cpu: Cpu,
  network: Network,
};

/**
 * A decorative icon with fixed dimensions (no layout shift), drawn from the sprite; the stroke style is lucide's.
 * Rendering lucide's own components instead cost each icon its class merging and attribute building while the page
 * hydrated, for the same markup.
 */
export function Icon({
  name,
  size = 24,
  className,
  filled,
}: {
  name: IconName | UiIconName;
  size?: number;
  className?: string;
  filled?: boolean;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
      data-filled={filled === undefined ? undefined : String(filled)}
    >
      <use href={`${__ICON_SPRITE__}#${name}`} />
    </svg>
  );
}
