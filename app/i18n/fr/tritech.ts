// Texts of the Tri-Tech integration: its view, Configure Events and the product-mapping tab (issue 16) (French).
const tritech = {};

export default tritech;
