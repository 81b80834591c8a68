import {
  Baby,
  BookOpen,
  Briefcase,
  Bus,
  Car,
  CircleEllipsis,
  Coffee,
  Dumbbell,
  Film,
  Fuel,
  Gamepad2,
  Gift,
  GraduationCap,
  HeartPulse,
  House,
  Landmark,
  type LucideIcon,
  Music,
  PawPrint,
  PiggyBank,
  Plane,
  Receipt,
  Shirt,
  ShoppingBag,
  ShoppingCart,
  Smartphone,
  Stethoscope,
  TrendingUp,
  Utensils,
  Wifi,
  Wrench,
  Zap,
} from 'lucide-react';
import { type MessageKey, t } from '../../lib/i18n.ts';

/**
 * The icons a category can have, by the lucide name stored in `icon`. A stored name not in this set
 * (written by another client, say) is shown as the colour dot.
 */
export const CATEGORY_ICONS: Readonly<Record<string, LucideIcon>> = {
  utensils: Utensils,
  coffee: Coffee,
  'shopping-cart': ShoppingCart,
  'shopping-bag': ShoppingBag,
  shirt: Shirt,
  house: House,
  zap: Zap,
  wrench: Wrench,
  bus: Bus,
  car: Car,
  fuel: Fuel,
  plane: Plane,
  'heart-pulse': HeartPulse,
  stethoscope: Stethoscope,
  dumbbell: Dumbbell,
  film: Film,
  music: Music,
  'gamepad-2': Gamepad2,
  'book-open': BookOpen,
  'graduation-cap': GraduationCap,
  baby: Baby,
  'paw-print': PawPrint,
  gift: Gift,
  smartphone: Smartphone,
  wifi: Wifi,
  receipt: Receipt,
  landmark: Landmark,
  'piggy-bank': PiggyBank,
  'trending-up': TrendingUp,
  briefcase: Briefcase,
  'circle-ellipsis': CircleEllipsis,
};

export const CATEGORY_ICON_NAMES = Object.keys(CATEGORY_ICONS);

/** What an icon of `CATEGORY_ICONS` shows, in the user's language ("categoryIcon.<name>" in the catalogues). */
export const categoryIconLabel = (name: string) => t(`categoryIcon.${name}` as MessageKey);

/** The palette offered for categories: the default tree's colours first, then a few more. */
export const CATEGORY_SWATCHES = [
  '#e74c3c',
  '#e67e22',
  '#f1c40f',
  '#2ecc71',
  '#16a085',
  '#3498db',
  '#2980b9',
  '#8e44ad',
  '#fda7df',
  '#95a5a6',
  '#7f8c8d',
  '#c0392b',
  '#d35400',
  '#27ae60',
  '#1abc9c',
  '#34495e',
] as const;
