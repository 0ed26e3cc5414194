import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { CHART_RANGES, isChartRange, type ChartRange } from '../chart-range';

/** Spec §2: a toggle group on wide screens, a dropdown on narrow ones. */
export function RangePicker({
  value,
  onChange,
  compact,
  label,
}: {
  value: ChartRange;
  onChange: (range: ChartRange) => void;
  compact: boolean;
  label: string;
}) {
  if (compact) {
    return (
      <Select value={value} onValueChange={(next) => isChartRange(next) && onChange(next)}>
        <SelectTrigger className="w-40" aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {CHART_RANGES.map((range) => (
            <SelectItem key={range.value} value={range.value}>
              {range.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    );
  }
  return (
    <ToggleGroup
      type="single"
      value={value}
      // Radix reports '' when the pressed item is clicked again; a range must stay chosen.
      onValueChange={(next) => isChartRange(next) && onChange(next)}
      aria-label={label}
    >
      {CHART_RANGES.map((range) => (
        <ToggleGroupItem key={range.value} value={range.value}>
          {range.label}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}
