import { Moon, Sun } from 'lucide-react';
import { useT } from '../lib/i18n.ts';
import { cn } from '../lib/utils.ts';
import { useThemeStore } from '../stores/theme.ts';
import { Button } from './ui/button.tsx';

export function ThemeToggle({ className }: { className?: string }) {
  const theme = useThemeStore((state) => state.theme);
  const toggle = useThemeStore((state) => state.toggle);
  const t = useT();
  const label = t(theme === 'dark' ? 'theme.switchToLight' : 'theme.switchToDark');
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggle}
      aria-label={label}
      title={label}
      className={cn('text-muted-foreground hover:text-foreground', className)}
    >
      {theme === 'dark' ? (
        <Sun aria-hidden="true" className="size-5" />
      ) : (
        <Moon aria-hidden="true" className="size-5" />
      )}
    </Button>
  );
}
