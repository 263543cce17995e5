import { imageCategories } from '../../../shared/images/images';
import { Select } from '../ui/Select';

const label = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);
export const categoryOptions = imageCategories.map((value) => ({ value, label: label(value) }));
export const filterOptions = [{ value: 'all', label: 'All categories' }, ...categoryOptions];

export function CategorySelect({
  id,
  value,
  onChange,
  withAll = false,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  withAll?: boolean;
}) {
  return <Select id={id} value={value} options={withAll ? filterOptions : categoryOptions} onChange={onChange} />;
}
