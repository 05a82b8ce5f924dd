import type { ApprovalBusinessType, FlowNode } from '@dealer-hr/shared/approvals/rules';

/** A node of a demo flow, naming roles by key and posts by code (the seed maps them to ids). */
export type NodeSeed = Omit<FlowNode, 'approver_ids'> & { roles?: string[]; posts?: string[] };

const node = (seed: Partial<NodeSeed> & Pick<NodeSeed, 'name' | 'approver_type'>): NodeSeed => ({
  leader_level: null,
  mode: 'any',
  condition: null,
  ...seed,
});

const storeManager = node({ name: '门店总经理审批', approver_type: 'post', posts: ['general_manager'] });
const hrAdmin = node({ name: '人事审批', approver_type: 'role', roles: ['hr-admin'] });
const leader = node({ name: '部门负责人审批', approver_type: 'leader', leader_level: 1 });

/** One group-wide flow per business type: what a dealer group typically starts from. */
export const approvalFlowSeeds: { businessType: ApprovalBusinessType; name: string; nodes: NodeSeed[] }[] = [
  { businessType: 'inductionfirst', name: '入职审批流程', nodes: [storeManager, hrAdmin] },
  {
    businessType: 'posttransfer',
    name: '调岗审批流程',
    nodes: [
      leader,
      storeManager,
      // A move to another store also asks the store that receives the person.
      {
        ...storeManager,
        name: '调入门店总经理审批',
        side: 'target',
        condition: { field: 'store_changes', op: 'eq', value: 1 },
      },
      hrAdmin,
    ],
  },
  { businessType: 'resignation', name: '离职审批流程', nodes: [leader, storeManager, hrAdmin] },
  {
    businessType: 'leave',
    name: '请假审批流程',
    nodes: [
      leader,
      // Longer leave also goes to the store's general manager.
      { ...storeManager, name: '门店总经理审批（3 天以上）', condition: { field: 'days', op: 'gt', value: 3 } },
    ],
  },
  {
    businessType: 'dispatch',
    name: '外派审批流程',
    nodes: [
      storeManager,
      // The store that receives the person agrees too.
      { ...storeManager, name: '接收门店总经理审批', side: 'target' },
      hrAdmin,
    ],
  },
  { businessType: 'prohibited_dismiss', name: '禁止录用解除流程', nodes: [hrAdmin] },
  // The department's leader vouches for the time; HR, who keeps the attendance, confirms it.
  { businessType: 'clock_correction', name: '补卡审批流程', nodes: [leader, hrAdmin] },
  // Overtime is asked of the department's leader and the store's general manager, whose store pays for it or
  // gives the time back.
  { businessType: 'overtime', name: '加班审批流程', nodes: [leader, storeManager] },
];
