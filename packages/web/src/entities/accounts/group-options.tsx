import { useT } from '../../lib/i18n.ts';
import { indentLabel } from '../../lib/tree.ts';
import { type AccountTree, groupChoices } from './account-tree.ts';

/**
 * The groups as options of a native select, indented by depth, after a "no group" choice (value
 * ''). `excludeId` leaves a group and its subgroups out.
 */
export function GroupOptions({
  tree,
  excludeId,
  noneLabel,
}: {
  tree: AccountTree;
  excludeId?: number;
  noneLabel?: string;
}) {
  const t = useT();
  return (
    <>
      <option value="">{noneLabel ?? t('accountCategory.noGroup')}</option>
      {groupChoices(tree, excludeId).map(({ node, depth }) => (
        <option key={node.group.id} value={node.group.id}>
          {indentLabel(node.group.name, depth)}
        </option>
      ))}
    </>
  );
}
