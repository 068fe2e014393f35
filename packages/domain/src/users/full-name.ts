/** A person's full name as every screen and answer shows it: first and last name, blanks trimmed. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
