import { DatePicker, Form, Input, Select } from 'antd';
import type { FormInstance, InputProps, SelectProps } from 'antd';
import { createContext, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import { DAY_FORMAT } from '../lib/day-range';
import { FILTER_ITEM, FilterActions } from './filter-actions';

interface FilterLayout {
  labelled: boolean;
  shrink: boolean;
}

const FilterLayoutContext = createContext<FilterLayout>({ labelled: false, shrink: false });

interface FilterBarProps<Values> {
  /** The form's name; its fields' ids start with it (`<name>_<field>`), which their labels point at. */
  name: string;
  /** For a page that also sets the filters itself (a tree pick, say); the form has its own otherwise. */
  form?: FormInstance<Values>;
  /**
   * A new search: the form's values on 搜索, none (`{}`) on 重置 once the form is cleared. A property, not a
   * method, so that a page whose filters are not all optional cannot pass its search here.
   */
  onSearch: (values: Partial<Values>) => void;
  /**
   * Each field's label beside it, its placeholder inside (`placeholder`, e.g. 全部). Without it the bar is
   * compact: the label is the field's placeholder and its accessible name.
   */
  labelled?: boolean;
  /** On a narrow screen a field shrinks to the row instead of overflowing it. */
  shrink?: boolean;
  children: ReactNode;
}

/**
 * A list page's inline filter form: its fields (the filters below, or `FilterField` around another control)
 * and the 搜索 and 重置 buttons at the end. Every item keeps `FILTER_ITEM`'s gap below it, so rows that
 * wrap do not touch.
 */
export function FilterBar<Values extends object>({
  name,
  form,
  onSearch,
  labelled = false,
  shrink = false,
  children,
}: FilterBarProps<Values>) {
  const layout = useMemo(() => ({ labelled, shrink }), [labelled, shrink]);
  return (
    <FilterLayoutContext value={layout}>
      <Form<Values> form={form} layout="inline" onFinish={onSearch} name={name}>
        {children}
        <FilterActions style={FILTER_ITEM} onReset={() => onSearch({})} />
      </Form>
    </FilterLayoutContext>
  );
}

interface FilterFieldProps {
  /** The filter's name in the form's values. */
  name: string;
  /** What it filters by: its label in a labelled bar, else its placeholder and accessible name. */
  label: string;
  /** In a labelled bar, the text of the empty field. */
  placeholder?: string;
  /** Of the control, in pixels; its natural width without. */
  width?: number;
}

/** What a filter's control is given: it clears, and it is named and sized as its bar lays filters out. */
export interface FilterControlProps {
  allowClear: true;
  placeholder?: string;
  'aria-label'?: string;
  style?: CSSProperties;
}

/**
 * One filter of a `FilterBar` around any control (a store or department picker...): `children` renders the
 * control with the props it is given.
 */
export function FilterField({
  name,
  label,
  placeholder,
  width,
  children,
}: FilterFieldProps & { children(control: FilterControlProps): ReactNode }) {
  const { labelled, shrink } = useContext(FilterLayoutContext);
  const control: FilterControlProps = {
    allowClear: true,
    placeholder: labelled ? placeholder : label,
    'aria-label': labelled ? undefined : label,
    style: width === undefined ? undefined : shrink ? { width, maxWidth: '100%' } : { width },
  };
  return (
    <Form.Item name={name} label={labelled ? label : undefined} style={FILTER_ITEM}>
      {children(control)}
    </Form.Item>
  );
}

/** A text filter: a keyword, a phone number... */
export function TextFilter({ inputMode, ...field }: FilterFieldProps & Pick<InputProps, 'inputMode'>) {
  return <FilterField {...field}>{(control) => <Input {...control} inputMode={inputMode} />}</FilterField>;
}

/** A choice among `options`: a status, a kind... */
export function SelectFilter({
  options,
  showSearch,
  loading,
  ...field
}: FilterFieldProps & Pick<SelectProps, 'options' | 'showSearch' | 'loading'>) {
  return (
    <FilterField {...field}>
      {(control) => <Select {...control} options={options} showSearch={showSearch} loading={loading} />}
    </FilterField>
  );
}

interface DayRangeFilterProps {
  name: string;
  /** Its label in a labelled bar; the placeholders name the two ends. */
  label?: string;
  /** Of the first and the last day. */
  placeholder: [string, string];
  /** In pixels, shrinking on a narrow screen; its natural width without. */
  width?: number;
}

/** A range of days, either end of which may be left open (`dayRangeFilters` turns it into `from` and `to`). */
export function DayRangeFilter({ name, label, placeholder, width }: DayRangeFilterProps) {
  const { labelled } = useContext(FilterLayoutContext);
  return (
    <Form.Item name={name} label={labelled ? label : undefined} style={FILTER_ITEM}>
      <DatePicker.RangePicker
        format={DAY_FORMAT}
        allowEmpty={[true, true]}
        placeholder={placeholder}
        style={width === undefined ? undefined : { width, maxWidth: '100%' }}
      />
    </Form.Item>
  );
}
