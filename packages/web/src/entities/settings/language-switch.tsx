import { APP_LOCALES } from '@kopiyka/shared';
import { useChangeLocale } from '../../api/settings.ts';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { useLocale, useT } from '../../lib/i18n.ts';
import { useSessionStore } from '../../stores/session.ts';

/**
 * English or Ukrainian, each named in itself. Signed in, the choice is saved as the user's
 * (issue 16); signed out it is kept on this device until a sign-in brings the saved one.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const locale = useLocale();
  const signedIn = useSessionStore((state) => state.token !== null);
  const changeLocale = useChangeLocale();
  return (
    <SegmentedControl
      aria-label={t('language.label')}
      value={locale}
      onValueChange={(next) => changeLocale(next, { save: signedIn })}
      options={APP_LOCALES.map((value) => ({ value, label: t(`language.${value}`) }))}
      className={className}
    />
  );
}
