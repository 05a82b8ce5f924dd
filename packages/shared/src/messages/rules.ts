// The user's messages: limits and messages as plain constants, free of zod, so the web may import them
// directly; the zod schemas of the routes are in ./contract.

/** Most messages one request marks or deletes. */
export const MESSAGE_IDS_MAX = 500;

export const messageMessages = {
  readInvalid: '已读状态只能是 0 或 1',
  idsInvalid: '请选择要标记的消息',
  nothingChosen: '请选择要标记的消息，或选择全部标记为已读',
} as const;
