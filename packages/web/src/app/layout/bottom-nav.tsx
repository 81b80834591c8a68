import { MainNav } from './main-nav.tsx';

/** The main navigation below 768 px: a bar at the bottom, in thumb reach. */
export function BottomNav() {
  return (
    <MainNav
      placement="bottom-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    />
  );
}
