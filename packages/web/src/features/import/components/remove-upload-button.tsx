import { Trash2 } from 'lucide-react';
import { useUndoImport } from '../../../api/imports.ts';
import { useSubmission } from '../../../api/submission.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';

type RemoveUploadButtonProps = {
  importId: number;
  size?: 'sm' | 'md';
  onRemoved?: () => void;
};

/**
 * Drops an upload never imported: nothing of it is in the ledger, so nothing is asked. A person
 * may keep only a few waiting (docs/decisions.md "Uploads expire, and a file goes once imported").
 */
export function RemoveUploadButton({ importId, size = 'md', onRemoved }: RemoveUploadButtonProps) {
  const t = useT();
  const drop = useUndoImport();
  const submission = useSubmission({ send: () => drop.mutateAsync(importId), onSuccess: onRemoved });
  async function remove() {
    const message = await submission.submit();
    if (message) notify('error', message);
  }
  return (
    <Button variant="outline" size={size} disabled={submission.pending} onClick={() => void remove()}>
      {submission.pending ? <Spinner /> : <Trash2 aria-hidden="true" className="size-4" />}
      {t('import.remove.button')}
    </Button>
  );
}
