const integer = new Intl.NumberFormat('en-US');
export const formatInteger = (value: number) => integer.format(value);

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');
