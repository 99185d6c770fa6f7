/** A valid My Detail form (/details/user) as a member in Mysuru posts it; spread and override a field. */
export const MY_DETAIL_FIELDS = {
  firstName: "Asha",
  lastName: "Rao",
  gender: "female",
  dobDay: "15",
  dobMonth: "4",
  dobYear: "1990",
  country: "IN",
  state: "Karnataka",
  city: "Mysuru",
  pin: "570001",
  mobile: "",
};
