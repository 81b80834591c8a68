import type { Import } from '@kopiyka/shared';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useUndoImport } from '../../../api/imports.ts';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialogContent } from '../../../entities/requests/confirm-dialog.tsx';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';

type UndoImportButtonProps = {
  item: Pick<Import, 'id' | 'imported' | 'fileName'>;
  size?: 'sm' | 'md';
};

/** Takes every transaction of an import out again, after asking. */
export function UndoImportButton({ item, size = 'md' }: UndoImportButtonProps) {
  const t = useT();
  const undo = useUndoImport();
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size={size} onClick={() => setOpen(true)}>
        <Undo2 aria-hidden="true" className="size-4" />
        {t('import.undo.button')}
      </Button>
      {open ? (
        <ConfirmDialogContent
          title={t('import.undo.title')}
          description={t('import.undo.description', { count: item.imported, file: item.fileName ?? '' })}
          confirmLabel={t('import.undo.confirm')}
          confirmVariant="destructive"
          confirm={() => undo.mutateAsync(item.id)}
          pending={undo.isPending}
          onConfirmed={() => {
            setOpen(false);
            notify('success', t('import.undo.done', { count: item.imported }));
          }}
        />
      ) : null}
    </AlertDialog>
  );
}
