/** Fixed dictionary type ids (docs/domain.md "Dictionaries"); the client's selects ask for items by these ids. */
export const DictType = {
  REGION: 1,
  STORE_CATEGORY: 18,
  STORE_TYPE: 19,
  STORE_BRAND: 20,
  ID_CARD: 21,
  EDUCATION: 22,
  ETHNICITY: 23,
  MARITAL_STATUS: 24,
  EMPLOYEE_STATUS: 25,
  POST_TYPE: 27,
  POST_CATEGORY: 42,
  EMPLOYEE_TYPE: 50,
  HAS_LICENSE: 51,
  LEAVING_REASON: 52,
  LEAVING_DESTINATION: 53,
  TRANSFER_TYPE: 54,
} as const;

export type DictTypeId = (typeof DictType)[keyof typeof DictType];

/** Employee status codes; dictionary 25 items carry the same `code`. */
export const EmployeeStatus = ['probation', 'regular', 'resigning', 'resigned', 'frozen'] as const;
export type EmployeeStatus = (typeof EmployeeStatus)[number];

/** Levels of the one department tree (docs/domain.md "Organisation tree"). */
export const DepartmentKind = ['group', 'region', 'store', 'department', 'team'] as const;
export type DepartmentKind = (typeof DepartmentKind)[number];

/** Menu item types (docs/domain.md "Menus and page map"). */
export const MenuType = { DIRECTORY: 1, PAGE: 2, BUTTON: 3, HIDDEN_PAGE: 4 } as const;
export type MenuTypeId = (typeof MenuType)[keyof typeof MenuType];
