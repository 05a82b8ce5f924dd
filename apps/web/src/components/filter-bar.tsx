import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, DatePicker, Drawer, Form, Input, Select } from 'antd';
import type { FormInstance, InputProps, SelectProps } from 'antd';
import {
  createContext,
  useContext,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT } from '../lib/day-range';
import { FILTER_ITEM, FilterActions } from './filter-actions';
import { usePhone } from './use-phone';

interface FilterLayout {
  labelled: boolean;
  shrink: boolean;
  /** In the drawer of a phone: each field's label above it, the field as wide as the drawer. */
  folded: boolean;
}

const FilterLayoutContext = createContext<FilterLayout>({ labelled: false, shrink: false, folded: false });
const FOLDED: FilterLayout = { labelled: true, shrink: true, folded: true };

/** A filter holds a value: text that is not blank, a choice, a range with either end. */
function isSet(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(isSet);
  return true;
}

/** How many of a filter form's fields hold a value. */
export function activeFilters(values: object | undefined): number {
  return Object.values(values ?? {}).filter(isSet).length;
}

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
  /** Another label for the search button (搜索 unless told). */
  searchText?: ReactNode;
  /** The search and reset buttons show their icons. */
  icons?: boolean;
  children: ReactNode;
}

/**
 * A list page's inline filter form: its fields (the filters below, or `FilterField` around another control)
 * and the 搜索 and 重置 buttons at the end. Every item keeps `FILTER_ITEM`'s gap below it, so rows that
 * wrap do not touch. On a phone the form folds behind one 筛选 button that counts the filters set and opens
 * them in a drawer (docs/web.md "Lists").
 */
export function FilterBar<Values extends object>({
  name,
  form: given,
  onSearch,
  labelled = false,
  shrink = false,
  searchText,
  icons,
  children,
}: FilterBarProps<Values>) {
  const layout = useMemo(() => ({ labelled, shrink, folded: false }), [labelled, shrink]);
  const [own] = Form.useForm<Values>();
  const form = given ?? own;
  const phone = usePhone();
  if (phone) {
    return (
      <FoldedFilters name={name} form={form} onSearch={onSearch} searchText={searchText} icons={icons}>
        {children}
      </FoldedFilters>
    );
  }
  return (
    <FilterLayoutContext value={layout}>
      <Form<Values> form={form} layout="inline" onFinish={onSearch} name={name}>
        {children}
        <FilterActions
          style={FILTER_ITEM}
          icons={icons}
          searchText={searchText}
          onReset={() => onSearch({})}
        />
      </Form>
    </FilterLayoutContext>
  );
}

type FoldedFiltersProps<Values> = Pick<
  FilterBarProps<Values>,
  'name' | 'onSearch' | 'searchText' | 'icons' | 'children'
> & { form: FormInstance<Values> };

/**
 * A phone's filters: the 筛选 button with the number of filters set, and the form in a drawer. 搜索 and
 * 重置 search and close it; closing it otherwise puts back the filters the list was searched with.
 */
function FoldedFilters<Values extends object>({
  name,
  form,
  onSearch,
  searchText,
  icons,
  children,
}: FoldedFiltersProps<Values>) {
  const { t } = useTranslation('components');
  const [open, setOpen] = useState(false);
  // What the form held when the drawer opened: the filters the list is searched with.
  const searched = useRef<Values | null>(null);
  const active = Form.useWatch((values: Values) => activeFilters(values), { form, preserve: true }) ?? 0;
  const label = t('filterBar.button');
  const show = () => {
    searched.current = form.getFieldsValue(true) as Values;
    setOpen(true);
  };
  const dismiss = () => {
    setOpen(false);
    form.resetFields();
    if (searched.current) form.setFieldsValue(searched.current as Parameters<typeof form.setFieldsValue>[0]);
  };
  return (
    <>
      <Badge count={active} size="small">
        <Button
          icon={<FilterOutlined />}
          // Named by its text and count, not by its icon too.
          aria-label={active > 0 ? t('filterBar.buttonActive', { count: active }) : label}
          onClick={show}
        >
          {label}
        </Button>
      </Badge>
      {/* Rendered while closed too: the fields keep their values and a page may set them (a tree pick). The
          buttons stand in the footer, in view however many filters there are. */}
      <Drawer
        open={open}
        title={label}
        placement="bottom"
        size="85%"
        forceRender
        onClose={dismiss}
        footer={
          <FilterActions
            form={form}
            icons={icons}
            searchText={searchText}
            onReset={() => {
              setOpen(false);
              onSearch({});
            }}
          />
        }
      >
        <FilterLayoutContext value={FOLDED}>
          <Form<Values>
            form={form}
            layout="vertical"
            name={name}
            onFinish={(values) => {
              setOpen(false);
              onSearch(values);
            }}
          >
            {children}
          </Form>
        </FilterLayoutContext>
      </Drawer>
    </>
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
  const { labelled, shrink, folded } = useContext(FilterLayoutContext);
  const control: FilterControlProps = {
    allowClear: true,
    placeholder: labelled ? placeholder : label,
    'aria-label': labelled ? undefined : label,
    style: folded
      ? { width: '100%' }
      : width === undefined
        ? undefined
        : shrink
          ? { width, maxWidth: '100%' }
          : { width },
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
  const { labelled, folded } = useContext(FilterLayoutContext);
  return (
    <Form.Item name={name} label={labelled ? label : undefined} style={FILTER_ITEM}>
      <DatePicker.RangePicker
        format={DAY_FORMAT}
        allowEmpty={[true, true]}
        placeholder={placeholder}
        style={folded ? { width: '100%' } : width === undefined ? undefined : { width, maxWidth: '100%' }}
      />
    </Form.Item>
  );
}
