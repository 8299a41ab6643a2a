/** The account profile as GET/PATCH /api/v1/dashboard/account answer it. */
export interface Profile {
  name: string;
  email: string;
  phone: string | null;
  dateOfBirth: string | null;
  address: string | null;
  timezone: string;
}
