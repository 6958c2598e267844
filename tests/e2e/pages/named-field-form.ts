/**
 * A form of Fluent fields whose inputs name themselves in a `data-<kind>-field` attribute (the
 * researcher application's `data-apply-field`, the article editor's `data-article-field`) inside a
 * `form[data-<kind>-form]`: found, filled and read by those names.
 */
import type { Locator, Page } from "playwright-core";

export class NamedFieldForm<Name extends string> {
  constructor(
    readonly page: Page,
    private readonly kind: string,
    private readonly names: readonly Name[],
  ) {}

  form(): Locator {
    return this.page.locator(`form[data-${this.kind}-form]`);
  }

  private fieldSelector(name: Name): string {
    return `[data-${this.kind}-field="${name}"]`;
  }

  field(name: Name): Locator {
    return this.form().locator(this.fieldSelector(name));
  }

  /** The Fluent field around an input: its label, hint or counter, and message. */
  fieldBox(name: Name): Locator {
    // The inner locator is looked for inside each .fui-Field, so it names the input alone.
    return this.page.locator(".fui-Field", { has: this.page.locator(this.fieldSelector(name)) });
  }

  /** Fills the fields in the order `values` names them. */
  async fill(values: Partial<Record<Name, string>>): Promise<void> {
    for (const [name, value] of Object.entries(values) as [Name, string][])
      await this.field(name).fill(value);
  }

  async values(): Promise<Record<Name, string>> {
    const values = {} as Record<Name, string>;
    for (const name of this.names) values[name] = await this.field(name).inputValue();
    return values;
  }
}
