import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TrailDrawer } from './trail-drawer';

interface ApprovalLinksProps {
  /** The record's approval, and the caller's open task on it. */
  approval: { instance_id: number; task_id: number | null } | null;
  /** The approvals feature's drawer, composed in by the app. */
  Trail?: TrailDrawer;
  trailLabel: string;
  decideLabel: string;
}

/**
 * A record's way to its approval, in its detail's footer: the trail (nodes, tasks, timeline) in the approvals'
 * drawer, and, when the caller decides now, a link to the approval centre where their open task is.
 */
export function ApprovalLinks({ approval, Trail, trailLabel, decideLabel }: ApprovalLinksProps) {
  const [trail, setTrail] = useState<number | null>(null);
  if (!approval) return null;
  return (
    <>
      {Trail && <Button onClick={() => setTrail(approval.instance_id)}>{trailLabel}</Button>}
      {approval.task_id !== null && (
        <Link to={`/approval/todo?instance=${approval.instance_id}`}>
          <Button type="primary">{decideLabel}</Button>
        </Link>
      )}
      {Trail && <Trail id={trail} onClose={() => setTrail(null)} />}
    </>
  );
}
