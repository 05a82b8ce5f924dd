import type { ComponentType } from 'react';

/**
 * A drawer showing one approval instance (its nodes, tasks and timeline): the approvals feature's, handed to
 * a business's page by the app (features do not import each other).
 */
export type TrailDrawer = ComponentType<{ id: number | null; onClose(): void }>;
