import { Autocomplete, type AutocompleteProps } from '@mantine/core';
import { organizationRoleNames } from '@tv/contract';

/** The product's roles to pick from; any other role name may be typed (it gets viewer rights). */
export function RoleInput(props: Omit<AutocompleteProps, 'data'>) {
  return (
    <Autocomplete
      label="Role"
      description="Pick a role or type your own"
      data={[...organizationRoleNames]}
      openOnFocus
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
