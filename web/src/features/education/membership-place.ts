import type { InstitutionRole, InstitutionType } from '@onair/protocol';

/** What the members dialogs need of a school or a church. */
export interface MembershipPlace {
  id: number;
  name: string;
  type: InstitutionType;
  myRole: InstitutionRole | null;
}
