import { type Meal, type Stretch, type Workout } from '../contract/catalog';

/**
 * The catalogue that is seeded into the table (locally on every start, which also removes items
 * that are no longer listed here; in AWS by the deployment). Calories are typical figures for the
 * portion described (fast-food items from the chains' published nutrition information, rounded);
 * costs are typical US prices. Images are drawn SVG illustrations shipped in frontend/public.
 */

const meal = (id: string, name: string, category: Meal['category'], calories: number, cost: string, image: string, description: string, restaurant?: string): Meal => ({
  id: `meal-${id}`,
  name,
  description,
  calories,
  cost,
  imageUrl: `/images/meals/${image}.svg`,
  ...(restaurant ? { restaurant } : {}),
  category,
});

export const meals: Meal[] = [
  // Breakfast
  meal('greek-yogurt-berries', 'Greek Yogurt with Berries', 'Breakfast', 150, '$2.50', 'yogurt-bowl', 'Plain non-fat Greek yogurt topped with fresh blueberries and raspberries.'),
  meal('overnight-oats', 'Apple Cinnamon Overnight Oats', 'Breakfast', 220, '$1.40', 'oatmeal', 'Rolled oats soaked overnight in skim milk with grated apple and a pinch of cinnamon.'),
  meal('avocado-toast', 'Avocado Toast on Rye', 'Breakfast', 190, '$2.20', 'toast', 'One slice of rye bread with a quarter avocado, lemon, chilli flakes and sliced radish.'),
  meal('berry-smoothie', 'Spinach Berry Smoothie', 'Breakfast', 160, '$2.10', 'smoothie', 'Frozen mixed berries, a handful of spinach, half a banana and unsweetened almond milk.'),
  meal('cottage-cheese-peach', 'Cottage Cheese with Peach', 'Breakfast', 140, '$1.90', 'yogurt-bowl', 'Half a cup of low-fat cottage cheese with sliced peach and a few almonds.'),
  meal('boiled-eggs-toast', 'Two Boiled Eggs with Toast', 'Breakfast', 230, '$1.30', 'eggs', 'Two soft-boiled eggs with a slice of wholegrain toast and cherry tomatoes.'),
  meal('breakfast-burrito-light', 'Light Breakfast Burrito', 'Breakfast', 260, '$2.40', 'wrap', 'A small whole-wheat tortilla with scrambled egg whites, black beans and salsa.'),

  // Homemade
  meal('lentil-soup', 'Homemade Lentil Soup', 'Homemade', 230, '$1.80', 'soup', 'Red lentils simmered with carrots, celery, cumin and lemon.'),
  meal('zucchini-noodles', 'Zucchini Noodles with Tomato Sauce', 'Homemade', 180, '$3.00', 'noodles', 'Spiralised zucchini tossed with a quick garlic and basil tomato sauce and a little parmesan.'),
  meal('turkey-lettuce-wraps', 'Turkey Lettuce Wraps', 'Homemade', 240, '$3.60', 'wrap', 'Lean ground turkey with ginger, garlic and water chestnuts in crisp butter lettuce cups.'),
  meal('baked-cod-veg', 'Baked Cod with Green Beans', 'Homemade', 210, '$4.50', 'fish', 'A lemon and herb cod fillet baked on a tray with green beans and cherry tomatoes.'),
  meal('stuffed-peppers', 'Stuffed Bell Peppers', 'Homemade', 280, '$3.20', 'peppers', 'Two pepper halves filled with lean beef, brown rice, tomato and oregano.'),
  meal('chicken-veg-soup', 'Chicken Vegetable Soup', 'Homemade', 190, '$2.60', 'soup', 'Clear broth with shredded chicken breast, carrots, celery, leek and parsley.'),
  meal('turkey-meatballs', 'Baked Turkey Meatballs', 'Homemade', 260, '$3.30', 'meatballs', 'Four lean turkey meatballs baked in marinara sauce, served with steamed broccoli.'),
  meal('cauliflower-fried-rice', 'Cauliflower Fried Rice', 'Homemade', 200, '$2.30', 'rice-bowl', 'Riced cauliflower stir-fried with egg, peas, carrots, spring onion and soy sauce.'),

  // Fast Food (nine chains)
  meal('mcd-hamburger', 'Hamburger', 'Fast Food', 250, '$2.19', 'burger', 'The classic single patty with pickles, onions, ketchup and mustard on a plain bun.', "McDonald's"),
  meal('mcd-egg-mcmuffin', 'Egg McMuffin', 'Fast Food', 310, '$4.19', 'muffin-sandwich', 'Egg, Canadian bacon and a slice of cheese on a toasted English muffin.', "McDonald's"),
  meal('subway-veggie-delite', 'Veggie Delite 6-inch', 'Fast Food', 200, '$5.49', 'sub', 'Six-inch wheat roll with lettuce, tomato, cucumber, peppers and onion; no cheese or sauce.', 'Subway'),
  meal('subway-turkey', 'Oven Roasted Turkey 6-inch', 'Fast Food', 270, '$6.29', 'sub', 'Six-inch wheat roll with sliced turkey breast and salad vegetables, mustard instead of mayo.', 'Subway'),
  meal('wendys-chili', 'Small Chili', 'Fast Food', 250, '$2.89', 'soup', 'A small cup of beef and bean chili: filling and high in protein for its calories.', "Wendy's"),
  meal('wendys-apple-pecan-salad', 'Apple Pecan Salad (half size)', 'Fast Food', 300, '$5.79', 'salad', 'Half-size salad with grilled chicken, apples, cranberries and pecans; dressing on the side.', "Wendy's"),
  meal('cfa-grilled-nuggets', 'Grilled Nuggets (8 count)', 'Fast Food', 130, '$5.35', 'nuggets', 'Eight bite-size pieces of grilled chicken breast, marinated and not breaded.', 'Chick-fil-A'),
  meal('taco-bell-crunchy-taco', 'Crunchy Taco', 'Fast Food', 170, '$1.89', 'taco', 'Seasoned beef, lettuce and cheddar in a crunchy corn shell.', 'Taco Bell'),
  meal('taco-bell-bean-burrito', 'Bean Burrito', 'Fast Food', 350, '$1.99', 'wrap', 'Refried beans, red sauce, onions and cheddar in a soft flour tortilla.', 'Taco Bell'),
  meal('bk-whopper-jr', 'Whopper Jr. (no mayo)', 'Fast Food', 250, '$2.79', 'burger', 'A flame-grilled small patty with lettuce, tomato, pickles, onion and ketchup; ask for no mayo.', 'Burger King'),
  meal('kfc-grilled-drumstick', 'Kentucky Grilled Chicken Drumstick with Green Beans', 'Fast Food', 115, '$3.49', 'chicken', 'One grilled drumstick with an individual side of green beans.', 'KFC'),
  meal('starbucks-egg-bites', 'Egg White & Roasted Red Pepper Egg Bites', 'Fast Food', 170, '$4.95', 'eggs', 'Two sous-vide egg white bites with spinach, roasted red pepper and Monterey Jack.', 'Starbucks'),
  meal('starbucks-oatmeal', 'Rolled & Steel-Cut Oatmeal', 'Fast Food', 160, '$3.95', 'oatmeal', 'Plain oatmeal made with hot water; add the fruit topping for about 100 more calories.', 'Starbucks'),
  meal('chipotle-salad-bowl', 'Chicken Salad Bowl', 'Fast Food', 380, '$10.25', 'rice-bowl', 'Romaine, chicken, fajita vegetables, fresh tomato salsa and black beans; no rice, cheese or dressing.', 'Chipotle'),

  // Protein-Rich
  meal('veggie-omelette', 'Egg White Veggie Omelette', 'Protein-Rich', 120, '$2.00', 'omelette', 'Three egg whites folded with spinach, peppers and mushrooms.'),
  meal('grilled-chicken-salad', 'Grilled Chicken Salad', 'Protein-Rich', 280, '$4.20', 'salad', 'Grilled chicken breast on mixed leaves with cucumber, tomato and a lemon vinaigrette.'),
  meal('tuna-cucumber-boats', 'Tuna Cucumber Boats', 'Protein-Rich', 170, '$2.40', 'fish', 'Tuna in water mixed with Greek yogurt and dill, spooned into halved cucumbers.'),
  meal('shrimp-skewers', 'Garlic Shrimp Skewers', 'Protein-Rich', 190, '$5.50', 'skewers', 'Grilled shrimp with garlic, paprika and lemon, served with a crunchy slaw.'),
  meal('turkey-chili', 'Lean Turkey Chili', 'Protein-Rich', 310, '$3.40', 'soup', 'Extra-lean turkey with kidney beans, tomatoes, onion and smoked paprika.'),
  meal('protein-shake', 'Whey Protein Shake', 'Protein-Rich', 140, '$1.50', 'smoothie', 'One scoop of whey protein shaken with water and ice, with a few frozen strawberries.'),
  meal('salmon-asparagus', 'Baked Salmon with Asparagus', 'Protein-Rich', 360, '$6.80', 'fish', 'A 120 g salmon fillet roasted with asparagus spears, lemon and dill.'),

  // Vegetarian
  meal('chickpea-salad', 'Mediterranean Chickpea Salad', 'Vegetarian', 260, '$2.30', 'salad', 'Chickpeas, cucumber, tomato, red onion, parsley and feta with lemon and olive oil.'),
  meal('veggie-stir-fry', 'Tofu Vegetable Stir-Fry', 'Vegetarian', 270, '$3.10', 'stir-fry', 'Firm tofu with broccoli, snap peas, peppers and a light soy-ginger glaze.'),
  meal('caprese-salad', 'Caprese Salad', 'Vegetarian', 220, '$3.80', 'salad', 'Sliced tomato and light mozzarella with basil and a drizzle of balsamic.'),
  meal('black-bean-tacos', 'Black Bean Soft Tacos', 'Vegetarian', 300, '$2.60', 'taco', 'Two small corn tortillas with spiced black beans, cabbage slaw and salsa.'),
  meal('minestrone', 'Minestrone Soup', 'Vegetarian', 180, '$2.00', 'soup', 'Tomato broth with beans, zucchini, carrots, celery and a little pasta.'),
  meal('veggie-chili', 'Three-Bean Vegetable Chili', 'Vegetarian', 290, '$2.40', 'soup', 'Kidney, pinto and black beans with peppers, tomato, cumin and a spoon of yogurt.'),
  meal('spinach-feta-frittata', 'Spinach and Feta Frittata', 'Vegetarian', 230, '$2.10', 'omelette', 'Two eggs and one egg white baked with spinach, red onion and a little feta.'),
  meal('stuffed-portobello', 'Stuffed Portobello Mushrooms', 'Vegetarian', 210, '$3.90', 'mushroom', 'Two portobello caps filled with spinach, ricotta and garlic, baked until bubbling.'),

  // Snacks
  meal('apple-peanut-butter', 'Apple with Peanut Butter', 'Snacks', 190, '$0.90', 'fruit', 'One medium apple sliced, with one tablespoon of natural peanut butter.'),
  meal('veggie-sticks-hummus', 'Veggie Sticks with Hummus', 'Snacks', 130, '$1.20', 'veggie-sticks', 'Carrot, cucumber and pepper sticks with three tablespoons of hummus.'),
  meal('air-popped-popcorn', 'Air-Popped Popcorn', 'Snacks', 95, '$0.40', 'popcorn', 'Three cups of air-popped popcorn with a pinch of sea salt.'),
  meal('almonds', 'Handful of Almonds', 'Snacks', 160, '$0.80', 'nuts', 'About 23 raw almonds (one ounce): healthy fats, protein and fibre.'),
  meal('rice-cakes', 'Rice Cakes with Cottage Cheese', 'Snacks', 110, '$0.90', 'rice-cakes', 'Two plain rice cakes topped with cottage cheese and sliced cucumber.'),
  meal('frozen-grapes', 'Frozen Grapes', 'Snacks', 60, '$0.70', 'fruit', 'One cup of red grapes frozen overnight: a sweet, icy treat.'),
  meal('edamame', 'Steamed Edamame', 'Snacks', 120, '$1.10', 'veggie-sticks', 'Half a cup of shelled edamame steamed and sprinkled with sea salt.'),

  // International
  meal('miso-soup', 'Japanese Miso Soup', 'International', 80, '$1.50', 'soup', 'Dashi broth with miso, silken tofu, wakame seaweed and spring onion.'),
  meal('sushi-salmon-roll', 'Salmon Avocado Sushi Roll', 'International', 300, '$6.50', 'sushi', 'Six pieces of salmon and avocado maki with pickled ginger and soy sauce.'),
  meal('chicken-pho', 'Vietnamese Chicken Pho (small)', 'International', 350, '$8.00', 'noodles', 'A small bowl of rice noodles in spiced broth with chicken, herbs, lime and bean sprouts.'),
  meal('greek-souvlaki', 'Greek Chicken Souvlaki', 'International', 290, '$6.00', 'skewers', 'Two chicken skewers marinated in lemon and oregano, with tzatziki and tomato salad.'),
  meal('indian-dal', 'Indian Yellow Dal', 'International', 240, '$2.20', 'curry', 'Yellow split peas cooked with turmeric, cumin, garlic and tomato; no rice.'),
  meal('thai-papaya-salad', 'Thai Green Papaya Salad', 'International', 120, '$5.00', 'salad', 'Shredded green papaya with lime, chilli, tomato, green beans and a few peanuts.'),
  meal('mexican-ceviche', 'Mexican Shrimp Ceviche', 'International', 170, '$6.20', 'fish', 'Shrimp cured in lime juice with tomato, onion, coriander and jalapeño.'),
  meal('korean-bibimbap-light', 'Light Korean Bibimbap', 'International', 420, '$7.50', 'rice-bowl', 'Half a cup of rice with sautéed vegetables, a fried egg and a spoon of gochujang.'),
  meal('moroccan-chickpea-tagine', 'Moroccan Chickpea Tagine', 'International', 320, '$3.40', 'curry', 'Chickpeas and vegetables stewed with cinnamon, cumin and apricots.'),
];

const workout = (id: string, name: string, category: Workout['category'], duration: number, level: string, jointImpact: Workout['jointImpact'], effectiveness: number, image: string, description: string): Workout => ({
  id: `workout-${id}`,
  name,
  description,
  duration,
  level,
  imageUrl: `/images/workouts/${image}.svg`,
  ...(category ? { category } : {}),
  jointImpact,
  effectiveness,
});

export const workouts: Workout[] = [
  workout('brisk-walk', 'Brisk Walking', 'Cardio', 30, 'Beginner', 'low', 7, 'walking', 'A steady 30-minute walk at a pace that raises your breathing.'),
  workout('cycling', 'Stationary Cycling Intervals', 'Cardio', 25, 'Intermediate', 'very low', 9, 'cycling', 'Alternate 1 minute hard and 2 minutes easy on a stationary bike.'),
  workout('swimming', 'Easy Lap Swimming', 'Cardio', 30, 'Intermediate', 'very low', 9, 'swimming', 'Continuous freestyle or breaststroke laps at a conversational pace.'),
  workout('rowing', 'Rowing Machine Steady State', 'Cardio', 20, 'Intermediate', 'low', 8, 'rowing', 'Smooth strokes at 22-24 per minute: legs, then body, then arms.'),
  workout('jump-rope', 'Jump Rope Rounds', 'Cardio', 15, 'Advanced', 'high', 8, 'jump-rope', 'Ten rounds of 45 seconds skipping and 45 seconds rest.'),
  workout('bodyweight-circuit', 'Bodyweight Circuit', 'Strength', 25, 'Intermediate', 'medium', 8, 'squat', 'Squats, push-ups, lunges and planks, three rounds.'),
  workout('push-up-ladder', 'Push-up Ladder', 'Strength', 15, 'Intermediate', 'low', 7, 'push-up', 'Climb from 1 to 10 push-ups with a short rest between steps; drop to your knees as needed.'),
  workout('dumbbell-full-body', 'Dumbbell Full Body', 'Strength', 35, 'Intermediate', 'low', 9, 'dumbbell', 'Goblet squats, rows, presses and Romanian deadlifts: three sets of ten each.'),
  workout('resistance-band', 'Resistance Band Strength', 'Strength', 20, 'Beginner', 'very low', 6, 'band', 'Band rows, chest presses, pull-aparts and glute bridges at home.'),
  workout('gentle-yoga', 'Gentle Yoga Flow', 'Flexibility', 30, 'Beginner', 'very low', 6, 'yoga', 'Sun salutations, warrior poses and seated twists, moving with the breath.'),
  workout('mobility-routine', 'Full-Body Mobility', 'Flexibility', 15, 'Beginner', 'very low', 5, 'mobility', 'Hip circles, thoracic rotations, ankle rocks and shoulder CARs.'),
  workout('pilates-core', 'Pilates Mat Core', 'Flexibility', 25, 'Intermediate', 'low', 7, 'pilates', 'The hundred, roll-ups, single-leg stretches and swimming on a mat.'),
  workout('kettlebell-swings', 'Kettlebell Swing Intervals', 'Functional', 20, 'Advanced', 'medium', 9, 'kettlebell', 'Twenty seconds of hip-hinge swings, forty seconds rest, for ten rounds.'),
  workout('farmer-carry', "Farmer's Carry and Step-ups", 'Functional', 20, 'Intermediate', 'low', 8, 'carry', 'Walk with heavy weights at your sides, then step onto a low box: four rounds.'),
  workout('medicine-ball', 'Medicine Ball Power', 'Functional', 25, 'Advanced', 'high', 8, 'medicine-ball', 'Wall balls, slams and rotational throws for whole-body power.'),
  workout('plank-series', 'Plank Series', 'Functional', 10, 'Beginner', 'very low', 7, 'plank', 'Front plank, side planks and bird-dogs, 30 seconds each, three rounds.'),
  workout('dance-cardio', 'Dance Cardio', undefined, 30, 'Beginner', 'medium', 7, 'dance', 'Follow-along dance routine to upbeat music: fun, sweaty and easy to learn.'),
  workout('stair-climbing', 'Stair Climbing', undefined, 20, 'Intermediate', 'medium', 8, 'stairs', 'Walk up a flight of stairs and back down, repeat at a steady pace.'),
  workout('shadow-boxing', 'Shadow Boxing', undefined, 15, 'Beginner', 'low', 7, 'boxing', 'Jabs, crosses, hooks and footwork in three-minute rounds.'),
];

const stretch = (id: string, name: string, image: string, description: string): Stretch => ({
  id: `stretch-${id}`,
  name,
  description,
  imageUrl: `/images/stretches/${image}.svg`,
});

export const stretches: Stretch[] = [
  stretch('hamstring', 'Standing Hamstring Stretch', 'hamstring', 'Heel on a low step, hinge at the hips with a straight back until you feel the back of the thigh.'),
  stretch('cat-cow', 'Cat-Cow', 'cat-cow', 'On hands and knees, alternate arching and rounding the spine with your breath.'),
  stretch('quad', 'Standing Quad Stretch', 'quad', 'Hold one ankle behind you, knees together and hips tucked, until the front of the thigh stretches.'),
  stretch('childs-pose', "Child's Pose", 'childs-pose', 'Kneel, sit back on your heels and reach your arms forward, resting your forehead on the floor.'),
  stretch('hip-flexor', 'Kneeling Hip Flexor Stretch', 'hip-flexor', 'In a half-kneeling lunge, tuck the pelvis and shift forward until the front of the back hip opens.'),
  stretch('chest-doorway', 'Doorway Chest Stretch', 'chest', 'Forearms on a door frame at shoulder height, step through gently to open the chest.'),
  stretch('seated-twist', 'Seated Spinal Twist', 'twist', 'Sit tall, cross one leg over the other and rotate towards the bent knee, breathing slowly.'),
  stretch('figure-four', 'Figure-Four Glute Stretch', 'figure-four', 'Lying on your back, cross one ankle over the opposite knee and draw both legs towards you.'),
  stretch('calf-wall', 'Wall Calf Stretch', 'calf', 'Hands on a wall, one foot back with the heel down and the knee straight; lean in.'),
  stretch('neck-side', 'Side Neck Stretch', 'neck', 'Sit tall and tilt one ear towards the shoulder, the opposite hand resting on the seat.'),
  stretch('triceps-overhead', 'Overhead Triceps Stretch', 'triceps', 'Reach one hand down your upper back and gently press the elbow with the other hand.'),
  stretch('butterfly', 'Butterfly Stretch', 'butterfly', 'Sit with the soles of your feet together and let the knees fall open; hinge forward slightly.'),
];
