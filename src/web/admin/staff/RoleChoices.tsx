import { useFormContext } from 'react-hook-form';
import { type StaffRole, staffRoleDescriptions, staffRoleLabels, staffRoles } from '../../../shared/staff/staff';
import { useFieldState } from '../ui/form';

/** The three roles as checkboxes, each with what it may use, held by the form as `roles`. */
export function RoleChoices({ legend = 'Roles' }: { legend?: string }) {
  const { register } = useFormContext<{ roles: StaffRole[] }>();
  const { id, error, errorId } = useFieldState('roles');
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="font-medium text-slate-900">{legend}</legend>
      {staffRoles.map((role) => (
        <label key={role} className="mt-2 flex items-start gap-2">
          <input type="checkbox" value={role} {...register('roles')} id={`${id}-${role}`} className="mt-1" />
          <span>
            <span className="font-medium">{staffRoleLabels[role]}</span>{' '}
            <span className="text-slate-600">{staffRoleDescriptions[role]}</span>
          </span>
        </label>
      ))}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
