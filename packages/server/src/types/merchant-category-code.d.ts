/** The `merchant-category-code` package ships no types: it exports one lookup by code. */
declare module 'merchant-category-code' {
  export interface MerchantCategory {
    mcc: string;
    edited_description: string;
    combined_description: string;
    usda_description: string;
    irs_description: string;
    irs_reportable: string;
    id: number;
  }
  /** The entry of a code (a number, or its text with leading zeros), or undefined. */
  export default function lookUpMcc(code: number | string): MerchantCategory | undefined;
}
