/** A group of radio buttons with a legend, for a closed choice such as a light curve's mode. */

/** Props of {@link RadioGroup}: the legend, the input name, the choices (value, label), the chosen value. */
export interface RadioGroupProps<T extends string> {
  readonly legend: string;
  readonly name: string;
  readonly choices: readonly (readonly [value: T, label: string])[];
  readonly value: T;
  readonly onChange: (value: T) => void;
}

/** A `fieldset` of radio buttons. */
export function RadioGroup<T extends string>({ legend, name, choices, value, onChange }: RadioGroupProps<T>) {
  return (
    <fieldset class="radio-group">
      <legend>{legend}</legend>
      {choices.map(([v, label]) => (
        <label key={v}>
          <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
