// The organisation chart's messages: plain constants, free of zod, so the web may import them directly.

export const orgChartMessages = {
  rootInvalid: '根部门格式不正确',
} as const;
